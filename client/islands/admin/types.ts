import type { CatalogBoxAnswer } from "../../../common/api/catalog";
import type { MaterialAnswer } from "../../../common/api/materials";
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
 * The order, product, material and user answers are the server's own schemas (common/api/*.ts,
 * which its serializers are typed against); type-only imports, so no schema code reaches the bundle.
 */
export type Option = OptionAnswer;

export type Metrics = { active_projects: number; quotes_pending: number; scanner_queue: number };

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

export type OperatorCard = {
  id: number;
  orderNumber: string;
  orderType?: string | null;
  productName?: string | null;
  material?: string | null;
  dimensions?: string | null;
  estimatedTime?: number | null;
  fileStatus?: string | null;
  priority?: string | null;
  blocks?: string[] | null;
  productionStatus?: string | null;
  createdAt?: string | null;
  productionStartedAt?: string | null;
  fulfilledAt?: string | null;
  /** The order's status (draft, quoted, approved, …): Start needs approved. */
  status?: string | null;
  fileError?: string | null;
  /** What to do next when the card cannot simply be started (server's words). */
  nextStep?: string | null;
  /** Max calibration_payload.accuracy_mm over the order's scanner jobs. */
  scanAccuracyMm?: number | null;
  canStart?: boolean;
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
