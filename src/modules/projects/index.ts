import { Elysia, t } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { jsonBody } from "../../shared/openapi-body";
import { multipartBodyDoc } from "../../shared/openapi-multipart";
import { bodyFields, guardRequest, parseJsonObject, requireCredentials } from "../../shared/credentials";
import { attachment } from "../../shared/download";
import { parseId } from "../../shared/ids";
import { ADMIN_ROLES, type RoleCode } from "../../../common/roles";
import { ORDER_NOT_FOUND } from "../orders/service";
import { quotePdf } from "./quote-pdf";
import { acceptQuote, adjustQuote, attachLayout, createCalculatorQuote, declineQuote, loadProject, PROJECT_NOT_FOUND, quotesForReview, sendQuote } from "./service";

const IdParams = t.Object({ id: t.String({ description: "Numeric id" }) });
const projectId = (raw: string) => parseId(raw, PROJECT_NOT_FOUND);
const orderId = (raw: string) => parseId(raw, ORDER_NOT_FOUND);
/** Sales review quotes; admins may too. */
export const QUOTE_ROLES: RoleCode[] = ["sales", ...ADMIN_ROLES];

const DeclineBody = t.Optional(t.Object({ reason: t.Optional(t.Unknown({ description: "Optional, ≤ 1000 characters" })) }));
const CalculatorQuoteBody = t.Optional(
  t.Object({
    toolbox_model_id: t.Optional(t.Unknown({ description: "Model id from the built-in toolbox data" })),
    drawer_ids: t.Optional(t.Unknown({ description: "Chosen drawer ids of that model" })),
    foam_material_id: t.Optional(t.Unknown({ description: "An active material id" })),
    thickness_mm: t.Optional(t.Unknown({ description: "10–100; default the material's sheet thickness" })),
    color: t.Optional(t.Unknown()),
  }),
);
const LinesBody = t.Optional(
  t.Object({
    lines: t.Optional(t.Unknown({ description: "[{description, quantity, unit_price, kind?}] — replaces the price lines" })),
    markup_percent: t.Optional(t.Unknown({ description: "Recomputes the markup line over the other lines" })),
    note: t.Optional(t.Unknown()),
  }),
);
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
    .get("/projects/:id", ({ user, params }) => loadProject(db, user, projectId(params.id)), {
      role: "any",
      params: IdParams,
      detail: { summary: "A project: order, layout, price lines, timeline, scan accuracy, can_accept/can_decline (own projects; staff any)" },
    })
    .get(
      "/projects/:id/quote.pdf",
      async ({ user, params }) => {
        const project = await loadProject(db, user, projectId(params.id));
        return attachment(Buffer.from(quotePdf(project)), `${project.reference_code}-quote.pdf`, "application/pdf");
      },
      { role: "any", params: IdParams, detail: { summary: "The quote as an A4 PDF: layout drawing at a stated scale (1:n), price lines, total" } },
    )
    .post("/projects/:id/accept", ({ user, params }) => acceptQuote(db, user, projectId(params.id)), {
      role: "any",
      params: IdParams,
      detail: { summary: "Accept quote: quoted → approved (409 otherwise); answers the project" },
    })
    .post("/projects/:id/decline", ({ user, params, body }) => declineQuote(db, user, projectId(params.id), bodyFields(body).reason), {
      role: "any",
      params: IdParams,
      detail: { ...jsonBody(DeclineBody), summary: "Decline: quoted or draft → cancelled (409 otherwise); answers the project" },
    })
    .post(
      "/quotes/calculator",
      async ({ user, body, set }) => {
        const project = await createCalculatorQuote(db, user, bodyFields(body));
        set.status = 201;
        return project;
      },
      {
        role: "any",
        detail: {
          ...jsonBody(CalculatorQuoteBody),
          summary: "Request a quote from the calculator: a quoted calculator order for the signed-in user; answers the project",
          description: "Priced on the server with SPEC 9's calculator rules (box, foam sheets, 20 % processing) as price lines. 422 naming the missing choice.",
        },
      },
    )
    .get("/quotes/review", () => quotesForReview(db), {
      role: QUOTE_ROLES,
      detail: { summary: "Sales: quoted orders with their price lines; `sent` once a quote_sent follows the last pricing/adjustment" },
    })
    .put("/quotes/:id/lines", ({ user, params, body }) => adjustQuote(db, user, orderId(params.id), bodyFields(body)), {
      role: QUOTE_ROLES,
      params: IdParams,
      detail: { ...jsonBody(LinesBody), summary: "Sales/admin: replace a quote's price lines (order id); one quote_adjusted event with before/after" },
    })
    .post("/quotes/:id/send", ({ user, params }) => sendQuote(db, user, orderId(params.id)), {
      role: QUOTE_ROLES,
      params: IdParams,
      detail: { summary: "Sales/admin: send the reviewed quote to the customer (quote_sent event; a draft becomes quoted)" },
    });

/** Multipart upload: only the credentials check (the JSON-only guard would refuse a form). */
const uploadRoutes = ({ db, auth }: AppDeps) =>
  new Elysia({ tags: ["Admin: orders"] })
    .use(auth)
    .onTransform(({ request }) => requireCredentials(request))
    .post("/admin/orders/:id/layout", ({ user, params, body }) => attachLayout(db, user, orderId(params.id), body as Record<string, unknown>), {
      role: ADMIN_ROLES,
      params: IdParams,
      body: LayoutForm,
      detail: {
        summary: "Attach a layout to any order from a DXF or SVG of closed pocket outlines (mm)",
        description:
          "An outline enclosing all others is the foam; otherwise foam_width_mm/foam_depth_mm (or the order's foam, or the default sheet). Checked like a submitted layout: a bad file or layout is a 422 naming the problem and nothing changes. On success file_status needs_generation and a layout_attached event; an open scanner quote is re-priced.",
        ...multipartBodyDoc(LayoutForm, "file: .dxf or .svg; optional foam_width_mm, foam_depth_mm, foam_thickness_mm"),
      },
    });

export const projectsModule = (deps: AppDeps) => new Elysia().use(jsonRoutes(deps)).use(uploadRoutes(deps));
