import type { CatalogBox } from "../../pages/reference-data";
/** Wire shapes of the admin and operator API (SPEC sections 3 and 7); money travels as decimal strings. */
export type Option = { value: string; label: string };

export type Metrics = { active_projects: number; quotes_pending: number; scanner_queue: number };

export type ItemMetadata = { productName?: string | null; dimensions?: string | null; material?: string | null; [key: string]: unknown };

export type OrderItem = {
  id?: number;
  description: string;
  quantity: number;
  unit_price: string | number | null;
  total_price: string | number | null;
  metadata?: ItemMetadata | null;
};

export type OrderAddress = {
  id: number;
  address_type: "shipping" | "billing" | string;
  first_name?: string | null;
  last_name?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country_code?: string | null;
  phone?: string | null;
  company?: string | null;
};

export type OrderEvent = { id: number; event_type: string; created_at: string | null; payload?: unknown; actor_email?: string | null };

export type ScannerJobSummary = { status?: string | null; captured_at?: string | null; processed_at?: string | null; vector_path?: string | null };

export type Order = {
  id: number;
  order_number: string;
  user_email?: string | null;
  customer_email?: string | null;
  order_type: string;
  order_type_label?: string | null;
  status: string;
  status_label?: string | null;
  production_status?: string | null;
  currency?: string | null;
  notes?: string | null;
  subtotal_amount?: string | number | null;
  total_amount?: string | number | null;
  created_at?: string | null;
  production_start_at?: string | null;
  fulfilled_at?: string | null;
  items?: OrderItem[];
  calculator_payload?: unknown;
  scanner_job?: ScannerJobSummary | null;
  addresses?: OrderAddress[];
  events?: OrderEvent[];
};

export type Pagination = { page: number; per_page: number; pages: number; total: number };

export type OrdersAnswer = {
  results: Order[];
  pagination: Pagination;
  options?: { statuses?: Option[]; order_types?: Option[]; sorts?: Option[] };
  summary?: { status_counts?: Record<string, number> };
};

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

/** A catalog box as the admin sees it: the public shape plus whether it is archived. */
export type Product = CatalogBox & { is_active: boolean };

export type Material = {
  id: number;
  name: string;
  supplier?: string | null;
  density_kg_m3?: number | null;
  hardness_shore?: number | null;
  color?: string | null;
  sheet_length_mm?: number | null;
  sheet_width_mm?: number | null;
  sheet_thickness_mm?: number | null;
  sheet_cost?: string | number | null;
  lead_time_days?: number | null;
  notes?: string | null;
  is_active: boolean;
};

export type Role = { code: string; name: string };

export type AdminUser = {
  id: number;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  locale?: string | null;
  timezone?: string | null;
  role: string;
  role_name?: string | null;
  is_active: boolean;
  is_verified: boolean;
  last_login_at?: string | null;
};

export type ListAnswer<T> = { results: T[] };
