CREATE TABLE `login_throttles` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_start_ms` integer NOT NULL,
	`blocked_until_ms` integer DEFAULT 0 NOT NULL,
	`last_success_ms` integer,
	`updated_ms` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_throttles_updated_idx` ON `login_throttles` (`updated_ms`);--> statement-breakpoint
CREATE TABLE `revoked_sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `revoked_sessions_expires_idx` ON `revoked_sessions` (`expires_at`);