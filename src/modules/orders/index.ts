import { Elysia } from "elysia";
import { ADMIN_ROLES } from "../../../common/roles";
import type { AppDeps } from "../../shared/deps";
import { jsonBody } from "../../shared/openapi-body";
import { bodyFields, guardRequest, parseJsonObject } from "../../shared/credentials";
import { attachment, signedDownloadLink } from "../../shared/download";
import { parseId } from "../../shared/ids";
import { orderCsv } from "./csv";
import { listOrders, parseOrderListQuery } from "./list";
import { BulkStatusBody, IdParams, OrderBody, OrderListQuery, StatusBody } from "./model";
import { bulkSetStatus, createOrder, loadOrderDetail, loadOrderRow, ORDER_NOT_FOUND, setOrderStatus, updateOrder } from "./service";

const actorOf = (user: { id: number; email: string }) => ({ id: user.id, email: user.email });
const orderId = (raw: string) => parseId(raw, ORDER_NOT_FOUND);

export async function orderCsvResponse(db: AppDeps["db"], id: number) {
  const order = await loadOrderDetail(db, id);
  return attachment(orderCsv(order), `${order.order_number}.csv`, "text/csv; charset=utf-8; header=present");
}

export const ordersModule = ({ db, auth, tokens }: AppDeps) =>
  new Elysia({ prefix: "/admin/orders", tags: ["Admin: orders"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .get("", ({ request }) => listOrders(db, parseOrderListQuery(request.url)), {
      role: ADMIN_ROLES,
      query: OrderListQuery,
      detail: {
        summary: "List orders: filters, sort, pagination, filter options and status counts",
        description:
          "Repeated (`?status=a&status=b`) or comma-separated filters; blank filters are ignored. Unknown sort, status or order type, a bad date or page is a 400. `summary.status_counts` applies every filter except status. `search`: 3+ characters match anywhere in the order number, customer e-mail, customer name or notes; 1–2 characters match the start of the order number or e-mail.",
      },
    })
    .post(
      "",
      async ({ body, user, set }) => {
        const order = await createOrder(db, actorOf(user), bodyFields(body));
        set.status = 201;
        return order;
      },
      {
        role: ADMIN_ROLES,
        detail: {
          ...jsonBody(OrderBody),
          summary: "Create an order (totals computed from the items)",
          description: "Item total = quantity × unit_price; subtotal = total = sum of item totals. Client subtotal/total are only used when the order has no items.",
        },
      },
    )
    .post("/bulk-status", ({ body, user }) => bulkSetStatus(db, actorOf(user), bodyFields(body)), {
      role: ADMIN_ROLES,
      detail: { ...jsonBody(BulkStatusBody), summary: "Set one status on many orders; answers {updated, unchanged, not_found}" },
    })
    .get("/:id", ({ params }) => loadOrderDetail(db, orderId(params.id)), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { summary: "One order with items, addresses, events (newest first) and scanner job" },
    })
    .patch("/:id", ({ params, body, user }) => updateOrder(db, actorOf(user), orderId(params.id), bodyFields(body)), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { ...jsonBody(OrderBody), summary: "Edit an order (only the sent fields change; items and addresses are replaced when sent)" },
    })
    .patch("/:id/status", ({ params, body, user }) => setOrderStatus(db, actorOf(user), orderId(params.id), bodyFields(body).status), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { ...jsonBody(StatusBody), summary: "Set the order status (no event when unchanged)" },
    })
    .get("/:id/download-csv", ({ params }) => orderCsvResponse(db, orderId(params.id)), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: {
        summary: "The order and its items as a CSV attachment (<order_number>.csv)",
        description: "Bearer header, or a scoped link from POST …/download-link (a session token is never accepted in the URL).",
      },
    })
    .post(
      "/:id/download-link",
      async ({ params, user }) => {
        const id = orderId(params.id);
        await loadOrderRow(db, id);
        return signedDownloadLink(tokens, user, `/api/admin/orders/${id}/download-csv`);
      },
      {
        role: ADMIN_ROLES,
        params: IdParams,
        detail: { summary: "A 5-minute signed URL for the CSV download (for links opened in a new window)" },
      },
    );
