import { Elysia } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { guardRequest, parseJsonObject } from "../../shared/credentials";
import { attachment, signedDownloadLink } from "../../shared/download";
import { conflict } from "../../shared/errors";
import { answerDoc, existingRow } from "../../shared/request-contract";
import { hasLayout } from "../orders/file-status";
import { ADMIN_ROLES, OPERATOR_ROLES } from "../../../common/roles";
import { OperatorCardAnswer, OperatorDashboardAnswer } from "../../../common/api/operator";
import { generateCuttingFile, loadCuttingFile } from "../cutting-files/service";
import { orderCsvResponse } from "../orders";
import { loadOrderRow, ORDER_NOT_FOUND } from "../orders/service";
import { BoardQuery, FormatQuery, IdParams, IssueBody, LinkBody, ProductionStatusBody, StartBody } from "./model";
import { completeProduction, loadCard, operatorBoard, operatorDashboard, reportIssue, setProductionStatus, startProduction } from "./service";

const actorOf = (user: { id: number; email: string }) => ({ id: user.id, email: user.email });
const cardDoc = (description: string) => answerDoc(200, OperatorCardAnswer, description);

export const operatorModule = ({ db, auth, tokens }: AppDeps) =>
  new Elysia({ prefix: "/operator", tags: ["Operator"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .macro({ existingOrder: existingRow(ORDER_NOT_FOUND, (id) => loadOrderRow(db, id)) })
    // Awaited: returned unawaited from this arrow, operatorBoard's rejection (a 400 for an `after`
    // that is no order) escaped the error handler instead of becoming the answer.
    .get("/dashboard", async ({ query }) => (query.page ? await operatorBoard(db, query.page) : await operatorDashboard(db)), {
      role: OPERATOR_ROLES,
      query: BoardQuery,
      detail: {
        ...answerDoc(200, OperatorDashboardAnswer, "Without parameters the card array; with per_column, column or after the paged columns"),
        summary: "Operator board: cards for the orders in production scope, as one list or paged per column",
        description:
          "Scope: every order except cancelled ones and work completed more than 30 days ago; urgent, then high, then oldest first. Without parameters: one array of at most 500 cards (the original answer). With `per_column` (1–100, default 25) or `column`: `{per_column, columns: [{status, label, total, cards, has_more, next_after}]}`, the five production-status columns each paged; `column=<status>&after=<next_after>` loads the next page of one column. `blocks` lists what stops production; `estimatedTime` is whole minutes from the cut length and the material.",
      },
    })
    .patch("/orders/:id/production-status", ({ params, body, user }) => setProductionStatus(db, actorOf(user), params.id, body.status), {
      role: OPERATOR_ROLES,
      params: IdParams,
      existingOrder: true,
      body: ProductionStatusBody,
      detail: { ...ProductionStatusBody.doc(), ...cardDoc("The card"), summary: "Set the production status (any to any; unchanged is a no-op); answers the card" },
    })
    .post(
      "/orders/:id/generate-cutting-file",
      async ({ params: { id }, user }) => {
        const row = await loadOrderRow(db, id);
        if (!hasLayout(row.layout)) throw conflict("The order has no layout to cut: an admin attaches one first (POST /api/admin/orders/{id}/layout with a DXF or SVG).");
        await generateCuttingFile(db, actorOf(user), id);
        return loadCard(db, id);
      },
      {
        role: OPERATOR_ROLES,
        params: IdParams,
        detail: {
          ...cardDoc("The card"),
          summary: "Generate DXF, SVG and PDF job sheet from the order's layout; answers the card",
          description: "file_status goes generating → ready; a layout problem sets file_status error with file_error and answers 422 with that message.",
        },
      },
    )
    .post(
      "/orders/:id/start-production",
      ({ params, user, body }) => startProduction(db, actorOf(user), params.id, { overrideReason: body.overrideReason, isAdmin: ADMIN_ROLES.includes(user.roleCode as never) }),
      {
        role: OPERATOR_ROLES,
        params: IdParams,
        // No existingOrder: a bad override_reason has always been a 400 before the order is looked up.
        body: StartBody,
        detail: {
          ...StartBody.doc(),
          ...cardDoc("The card"),
          summary: "Start production (in_progress + start time, order in_production)",
          description:
            "409 unless the cutting file is ready (or not required: no layout) and the order is approved; 409 when already in progress or completed. An admin may start an unapproved order with {override_reason} (recorded as an approval_overridden event); an operator gets 403.",
        },
      },
    )
    .post("/orders/:id/complete-production", ({ params, user }) => completeProduction(db, actorOf(user), params.id), {
      role: OPERATOR_ROLES,
      params: IdParams,
      detail: { ...cardDoc("The card"), summary: "Complete production (completed + fulfilment time, order fulfilled); 409 unless in progress" },
    })
    .post("/orders/:id/report-issue", ({ params, body, user }) => reportIssue(db, actorOf(user), params.id, body.reason), {
      role: OPERATOR_ROLES,
      params: IdParams,
      existingOrder: true,
      body: IssueBody,
      detail: { ...IssueBody.doc(), ...cardDoc("The card"), summary: "Report a production issue {reason}: status issue, reason kept on the order and in an event" },
    })
    .get(
      "/orders/:id/download-cutting-file",
      async ({ params: { id }, query: { format } }) => {
        const file = await loadCuttingFile(db, id, format);
        // The SVG is our own output, but a served SVG is a document: forbid any script in it anyway.
        return attachment(file.body, file.filename, file.contentType, { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'" });
      },
      {
        role: OPERATOR_ROLES,
        params: IdParams,
        existingOrder: true,
        query: FormatQuery,
        detail: { summary: "Download the cutting file (?format=dxf|svg|pdf|stl|dxf-layer-N); 409 'Cutting file not generated yet.' when missing" },
      },
    )
    .get("/orders/:id/download-original-csv", ({ params }) => orderCsvResponse(db, params.id), {
      role: OPERATOR_ROLES,
      params: IdParams,
      detail: { summary: "The order and its items as CSV (same file as the admin download)" },
    })
    .post(
      "/orders/:id/download-link",
      ({ params: { id }, body, user }) =>
        body.file === "csv"
          ? signedDownloadLink(tokens, user, `/api/operator/orders/${id}/download-original-csv`)
          : signedDownloadLink(tokens, user, `/api/operator/orders/${id}/download-cutting-file`, { format: body.format }),
      {
        role: OPERATOR_ROLES,
        params: IdParams,
        existingOrder: true,
        body: LinkBody,
        detail: { ...LinkBody.doc(), summary: "A 5-minute signed URL for a cutting-file or CSV download opened in a new window" },
      },
    );
