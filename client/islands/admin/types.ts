import type { CatalogBoxAnswer } from "../../../common/api/catalog";
import type { MaterialAnswer } from "../../../common/api/materials";
import type { MetricsAnswer } from "../../../common/api/metrics";
import type { OperatorCardAnswer } from "../../../common/api/operator";
import type {
  OptionAnswer,
  OrderAddressAnswer,
  OrderDetailAnswer,
  OrderEventAnswer,
  OrderItemAnswer,
  OrderListAnswer,
  OrderListRowAnswer,
  PaginationAnswer,
  ScannerJobSummaryAnswer,
} from "../../../common/api/orders";
import type { RoleAnswer, RoleListAnswer, UserAnswer, UserListAnswer } from "../../../common/api/users";

/**
 * Wire shapes of the admin and operator API (SPEC sections 3 and 7); money travels as decimal strings.
 * The metrics, order, operator card, product, material and user answers are the server's own schemas (common/api/*.ts,
 * which its serializers are typed against); type-only imports, so no schema code reaches the bundle.
 */
export type Option = OptionAnswer;

/** GET /admin/metrics: the three counts of the metrics strip. */
export type Metrics = MetricsAnswer;

export type OrderItem = OrderItemAnswer;
export type ItemMetadata = OrderItemAnswer["metadata"];
export type OrderAddress = OrderAddressAnswer;
export type OrderEvent = OrderEventAnswer;
export type ScannerJobSummary = ScannerJobSummaryAnswer;

/** GET /admin/orders/{id} (and the answer of every order edit). */
export type Order = OrderDetailAnswer;
/** One row of GET /admin/orders: the order without items, addresses and events. */
export type OrderListRow = OrderListRowAnswer;
export type Pagination = PaginationAnswer;
export type OrdersAnswer = OrderListAnswer;

/** What the order form reads back from an order: any answer that carries these fields will do. */
export type OrderFormItem = Partial<OrderItemAnswer>;
export type OrderFormSource = Partial<Omit<OrderDetailAnswer, "items">> & { items?: OrderFormItem[] };

/**
 * A card as the board draws it: the server's card (common/api/operator.ts), every field but the id
 * and the number optional and nullable, as the board tolerates them (an older server's cards,
 * cards patched in place after an action).
 */
export type OperatorCard = Pick<OperatorCardAnswer, "id" | "orderNumber"> & {
  [Key in Exclude<keyof OperatorCardAnswer, "id" | "orderNumber">]?: OperatorCardAnswer[Key] | null;
};

/** A catalog box as /admin/catalog/boxes answers it: the public fields plus is_active and timestamps. */
export type Product = CatalogBoxAnswer;

export type Material = MaterialAnswer;

export type Role = RoleAnswer;

export type AdminUser = UserAnswer;
/** GET /admin/users. */
export type UsersAnswer = UserListAnswer;
/** GET /admin/user-roles. */
export type RolesAnswer = RoleListAnswer;

export type ListAnswer<T> = { results: T[] };
