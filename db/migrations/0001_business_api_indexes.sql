CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_type_created_idx` ON `orders` (`order_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_total_idx` ON `orders` (`total_cents`);--> statement-breakpoint
CREATE INDEX `orders_updated_idx` ON `orders` (`updated_at`);--> statement-breakpoint
CREATE INDEX `scanner_jobs_order_idx` ON `scanner_jobs` (`order_id`);--> statement-breakpoint
CREATE INDEX `scanner_jobs_project_idx` ON `scanner_jobs` (`project_id`);