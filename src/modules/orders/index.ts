import { Elysia } from "elysia";
import { ADMIN_ROLES } from "../../../common/roles";
import type { AppDeps } from "../../shared/deps";
import { guardRequest, parseJsonObject } from "../../shared/credentials";
import { attachment, signedDownloadLink } from "../../shared/download";
import { orderCsv } from "./csv";
import { listOrders } from "./list";
import { BulkStatusAnswer, OrderDetailAnswer, OrderListAnswer } from "../../../common/api/orders";
import { answerDoc, existingRow } from "../../shared/request-contract";
import { BulkStatusBody, CreateOrderBody, EditOrderBody, IdParams, OrderListQuerySchema, StatusBody } from "./model";
import { bulkSetStatus, createOrder, loadOrderDetail, loadOrderRow, ORDER_NOT_FOUND, setOrderStatus, updateOrder } from "./service";

const actorOf = (user: { id: number; email: string }) => ({ id: user.id, email: user.email });

export async function orderCsvResponse(db: AppDeps["db"], id: number) {
  const order = await loadOrderDetail(db, id);
  return attachment(orderCsv(order), `${order.order_number}.csv`, "text/csv; charset=utf-8; header=present");
}

export const ordersModule = ({ db, auth, tokens }: AppDeps) =>
  new Elysia({ prefix: "/admin/orders", tags: ["Admin: orders"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .macro({ existingOrder: existingRow(ORDER_NOT_FOUND, (id) => loadOrderRow(db, id)) })
    .get("", ({ query }) => listOrders(db, query), {
      role: ADMIN_ROLES,
      query: OrderListQuerySchema,
      detail: {
        ...answerDoc(200, OrderListAnswer, "One page of orders with filter options and status counts"),
        summary: "List orders: filters, sort, pagination, filter options and status counts",
        description:
          "Repeated (`?status=a&status=b`) or comma-separated filters; blank filters are ignored. Unknown sort, status or order type, a bad date or page is a 400. `summary.status_counts` applies every filter except status. `search`: 3+ characters match anywhere in the order number, customer e-mail, customer name or notes; 1–2 characters match the start of the order number or e-mail.",
      },
    })
    .post(
      "",
      async ({ body, user, set }) => {
        const order = await createOrder(db, actorOf(user), body);
        set.status = 201;
        return order;
      },
      {
        role: ADMIN_ROLES,
        body: CreateOrderBody,
        detail: {
          ...CreateOrderBody.doc(),
          ...answerDoc(201, OrderDetailAnswer, "The created order"),
          summary: "Create an order (totals computed from the items)",
          description: "Item total = quantity × unit_price; subtotal = total = sum of item totals. Client subtotal/total are only used when the order has no items.",
        },
      },
    )
    .post("/bulk-status", ({ body, user }) => bulkSetStatus(db, actorOf(user), body), {
      role: ADMIN_ROLES,
      body: BulkStatusBody,
      detail: { ...BulkStatusBody.doc(), ...answerDoc(200, BulkStatusAnswer, "What changed"), summary: "Set one status on many orders; answers {updated, unchanged, not_found}" },
    })
    .get("/:id", ({ params }) => loadOrderDetail(db, params.id), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { ...answerDoc(200, OrderDetailAnswer, "The order"), summary: "One order with items, addresses, events (newest first) and scanner job" },
    })
    .patch("/:id", ({ params, body, user }) => updateOrder(db, actorOf(user), params.id, body), {
      role: ADMIN_ROLES,
      params: IdParams,
      existingOrder: true,
      body: EditOrderBody,
      detail: { ...EditOrderBody.doc(), ...answerDoc(200, OrderDetailAnswer, "The order after the edit"), summary: "Edit an order (only the sent fields change; items and addresses are replaced when sent)" },
    })
    .patch("/:id/status", ({ params, body, user }) => setOrderStatus(db, actorOf(user), params.id, body.status), {
      role: ADMIN_ROLES,
      params: IdParams,
      existingOrder: true,
      body: StatusBody,
      detail: { ...StatusBody.doc(), ...answerDoc(200, OrderDetailAnswer, "The order"), summary: "Set the order status (no event when unchanged)" },
    })
    .get("/:id/download-csv", ({ params }) => orderCsvResponse(db, params.id), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: {
        summary: "The order and its items as a CSV attachment (<order_number>.csv)",
        description: "Bearer header, or a scoped link from POST …/download-link (a session token is never accepted in the URL).",
      },
    })
    .post(
      "/:id/download-link",
      async ({ params: { id }, user }) => {
        await loadOrderRow(db, id);
        return signedDownloadLink(tokens, user, `/api/admin/orders/${id}/download-csv`);
      },
      {
        role: ADMIN_ROLES,
        params: IdParams,
        detail: { summary: "A 5-minute signed URL for the CSV download (for links opened in a new window)" },
      },
    );
