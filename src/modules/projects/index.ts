import { Elysia, t } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { multipartBodyDoc } from "../../shared/openapi-multipart";
import { guardRequest, parseJsonObject, requireCredentials } from "../../shared/credentials";
import { attachment } from "../../shared/download";
import { parseId } from "../../shared/ids";
import { ADMIN_ROLES, type RoleCode } from "../../../common/roles";
import { ORDER_NOT_FOUND } from "../orders/service";
import { CalculatorQuoteBody, DeclineBody, OrderIdParams, ProjectIdParams, QuoteLinesBody } from "./model";
import { quotePdf } from "./quote-pdf";
import { acceptQuote, adjustQuote, attachLayout, createCalculatorQuote, declineQuote, loadProject, openQuote, quotesForReview, sendQuote } from "./service";

/** Sales review quotes; admins may too. */
export const QUOTE_ROLES: RoleCode[] = ["sales", ...ADMIN_ROLES];

const LayoutForm = t.Object(
  {
    file: t.File({ description: "DXF or SVG of closed pocket outlines in millimetres" }),
    foam_width_mm: t.Optional(t.String()),
    foam_depth_mm: t.Optional(t.String()),
    foam_thickness_mm: t.Optional(t.String()),
  },
  { additionalProperties: true },
);

/** The customer's project page, calculator quotes and the sales quote review (JSON). */
const jsonRoutes = ({ db, auth }: AppDeps) =>
  new Elysia({ tags: ["Projects and quotes"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .macro({
      // A transform, so it runs before Elysia validates the body (an adjustment of an order that does
      // not exist is a 404, of one past quoting a 409, whatever the lines hold), and listed after
      // `role` in the route options, so it runs after the role check. The service checks again
      // inside its transaction; this one only fixes which problem is reported first.
      openQuote: {
        async transform({ params }: { params: Record<string, string | undefined> }) {
          // Params are decoded after transforms: the raw text here, read with the same rule as OrderIdParams.
          await openQuote(db, parseId(params.id, ORDER_NOT_FOUND));
        },
      },
    })
    .get("/projects/:id", ({ user, params }) => loadProject(db, user, params.id), {
      role: "any",
      params: ProjectIdParams,
      detail: { summary: "A project: order, layout, price lines, timeline, scan accuracy, can_accept/can_decline (own projects; staff any)" },
    })
    .get(
      "/projects/:id/quote.pdf",
      async ({ user, params }) => {
        const project = await loadProject(db, user, params.id);
        return attachment(Buffer.from(quotePdf(project)), `${project.reference_code}-quote.pdf`, "application/pdf");
      },
      { role: "any", params: ProjectIdParams, detail: { summary: "The quote as an A4 PDF: layout drawing at a stated scale (1:n), price lines, total" } },
    )
    .post("/projects/:id/accept", ({ user, params }) => acceptQuote(db, user, params.id), {
      role: "any",
      params: ProjectIdParams,
      detail: { summary: "Accept quote: quoted → approved (409 otherwise); answers the project" },
    })
    // No project check before the body: whose project it is needs the signed-in user, who is only
    // resolved after validation. A non-text reason is a 400 whichever project is named, so it tells
    // nothing about other customers' projects.
    .post("/projects/:id/decline", ({ user, params, body }) => declineQuote(db, user, params.id, body), {
      role: "any",
      params: ProjectIdParams,
      body: DeclineBody,
      detail: { ...DeclineBody.doc(), summary: "Decline: quoted or draft → cancelled (409 otherwise); answers the project" },
    })
    .post(
      "/quotes/calculator",
      async ({ user, body, set }) => {
        const project = await createCalculatorQuote(db, user, body);
        set.status = 201;
        return project;
      },
      {
        role: "any",
        body: CalculatorQuoteBody,
        detail: {
          ...CalculatorQuoteBody.doc(),
          summary: "Request a quote from the calculator: a quoted calculator order for the signed-in user; answers the project",
          description: "Priced on the server with SPEC 9's calculator rules (box, foam sheets, 20 % processing) as price lines. 422 naming the missing choice.",
        },
      },
    )
    .get("/quotes/review", () => quotesForReview(db), {
      role: QUOTE_ROLES,
      detail: { summary: "Sales: quoted orders with their price lines; `sent` once a quote_sent follows the last pricing/adjustment" },
    })
    .put("/quotes/:id/lines", ({ user, params, body }) => adjustQuote(db, user, params.id, body), {
      role: QUOTE_ROLES,
      params: OrderIdParams,
      openQuote: true,
      body: QuoteLinesBody,
      detail: { ...QuoteLinesBody.doc(), summary: "Sales/admin: replace a quote's price lines (order id); one quote_adjusted event with before/after" },
    })
    .post("/quotes/:id/send", ({ user, params }) => sendQuote(db, user, params.id), {
      role: QUOTE_ROLES,
      params: OrderIdParams,
      detail: { summary: "Sales/admin: send the reviewed quote to the customer (quote_sent event; a draft becomes quoted)" },
    });

/** Multipart upload: only the credentials check (the JSON-only guard would refuse a form). */
const uploadRoutes = ({ db, auth }: AppDeps) =>
  new Elysia({ tags: ["Admin: orders"] })
    .use(auth)
    .onTransform(({ request }) => requireCredentials(request))
    .post("/admin/orders/:id/layout", ({ user, params, body }) => attachLayout(db, user, params.id, body as Record<string, unknown>), {
      role: ADMIN_ROLES,
      params: OrderIdParams,
      body: LayoutForm,
      detail: {
        summary: "Attach a layout to any order from a DXF or SVG of closed pocket outlines (mm)",
        description:
          "An outline enclosing all others is the foam; otherwise foam_width_mm/foam_depth_mm (or the order's foam, or the default sheet). Checked like a submitted layout: a bad file or layout is a 422 naming the problem and nothing changes. On success file_status needs_generation and a layout_attached event; an open scanner quote is re-priced.",
        ...multipartBodyDoc(LayoutForm, "file: .dxf or .svg; optional foam_width_mm, foam_depth_mm, foam_thickness_mm"),
      },
    });

export const projectsModule = (deps: AppDeps) => new Elysia().use(jsonRoutes(deps)).use(uploadRoutes(deps));
