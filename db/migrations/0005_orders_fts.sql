-- Issue 17 (100 000 orders): search, status counts and the operator board without reading wide rows.
-- Custom SQL (drizzle-kit generate --custom): FTS5 virtual tables, triggers and these indexes are outside
-- the drizzle schema (db/schema/orders.ts names them). Trigram needs SQLite >= 3.34 (libSQL embeds 3.45).
--
-- orders_fts: substring search (trigram: any 3+ characters, case-insensitive) over the order
-- number, the customer's e-mail, the customer's name (the account's first/last name and company,
-- and the names and companies on the order's addresses) and the notes. rowid = orders.id.
CREATE VIRTUAL TABLE `orders_fts` USING fts5(`order_number`, `customer_email`, `customer_name`, `notes`, tokenize = 'trigram remove_diacritics 1');
--> statement-breakpoint
-- Per (order type, status, production status): the admin list's status counts and the board's
-- column counts as a handful of rows instead of a count over the whole table.
CREATE TABLE `order_status_counts` (
  `order_type` text NOT NULL,
  `status` text NOT NULL,
  `production_status` text NOT NULL,
  `count` integer NOT NULL DEFAULT 0,
  PRIMARY KEY (`order_type`, `status`, `production_status`)
);
--> statement-breakpoint
-- Bumped by every insert, update and delete on orders: cached answers (counts under a search or a
-- date range) are valid while it is unchanged, whichever module or app instance wrote.
CREATE TABLE `orders_revision` (`id` integer PRIMARY KEY NOT NULL, `revision` integer NOT NULL DEFAULT 0);
--> statement-breakpoint
INSERT INTO `orders_revision` (`id`, `revision`) VALUES (1, 0);
--> statement-breakpoint
INSERT INTO `order_status_counts` (`order_type`, `status`, `production_status`, `count`)
  SELECT `order_type`, `status`, `production_status`, count(*) FROM `orders` GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `orders_fts` (`rowid`, `order_number`, `customer_email`, `customer_name`, `notes`)
  SELECT o.`id`, o.`order_number`, o.`customer_email`,
    trim(coalesce((SELECT coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '') || ' ' || coalesce(u.`company`, '') FROM `users` u WHERE u.`id` = o.`user_id`), '')
      || ' ' || coalesce((SELECT group_concat(coalesce(a.`first_name`, '') || ' ' || coalesce(a.`last_name`, '') || ' ' || coalesce(a.`company`, ''), ' ') FROM `order_addresses` a WHERE a.`order_id` = o.`id`), '')),
    o.`notes`
  FROM `orders` o;
--> statement-breakpoint
CREATE TRIGGER `orders_after_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `orders_fts` (`rowid`, `order_number`, `customer_email`, `customer_name`, `notes`)
    VALUES (new.`id`, new.`order_number`, new.`customer_email`,
      trim(coalesce((SELECT coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '') || ' ' || coalesce(u.`company`, '') FROM `users` u WHERE u.`id` = new.`user_id`), '')),
      new.`notes`);
  INSERT INTO `order_status_counts` (`order_type`, `status`, `production_status`, `count`) VALUES (new.`order_type`, new.`status`, new.`production_status`, 1)
    ON CONFLICT (`order_type`, `status`, `production_status`) DO UPDATE SET `count` = `count` + 1;
  UPDATE `orders_revision` SET `revision` = `revision` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_after_delete` AFTER DELETE ON `orders` BEGIN
  DELETE FROM `orders_fts` WHERE `rowid` = old.`id`;
  UPDATE `order_status_counts` SET `count` = `count` - 1
    WHERE `order_type` = old.`order_type` AND `status` = old.`status` AND `production_status` = old.`production_status`;
  UPDATE `orders_revision` SET `revision` = `revision` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_after_update` AFTER UPDATE ON `orders` BEGIN
  UPDATE `orders_revision` SET `revision` = `revision` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_after_update_counts` AFTER UPDATE OF `order_type`, `status`, `production_status` ON `orders`
  WHEN old.`order_type` IS NOT new.`order_type` OR old.`status` IS NOT new.`status` OR old.`production_status` IS NOT new.`production_status` BEGIN
  UPDATE `order_status_counts` SET `count` = `count` - 1
    WHERE `order_type` = old.`order_type` AND `status` = old.`status` AND `production_status` = old.`production_status`;
  INSERT INTO `order_status_counts` (`order_type`, `status`, `production_status`, `count`) VALUES (new.`order_type`, new.`status`, new.`production_status`, 1)
    ON CONFLICT (`order_type`, `status`, `production_status`) DO UPDATE SET `count` = `count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_after_update_search` AFTER UPDATE OF `order_number`, `customer_email`, `notes`, `user_id` ON `orders`
  WHEN old.`order_number` IS NOT new.`order_number` OR old.`customer_email` IS NOT new.`customer_email` OR old.`notes` IS NOT new.`notes` OR old.`user_id` IS NOT new.`user_id` BEGIN
  DELETE FROM `orders_fts` WHERE `rowid` = new.`id`;
  INSERT INTO `orders_fts` (`rowid`, `order_number`, `customer_email`, `customer_name`, `notes`)
    SELECT o.`id`, o.`order_number`, o.`customer_email`,
      trim(coalesce((SELECT coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '') || ' ' || coalesce(u.`company`, '') FROM `users` u WHERE u.`id` = o.`user_id`), '')
        || ' ' || coalesce((SELECT group_concat(coalesce(a.`first_name`, '') || ' ' || coalesce(a.`last_name`, '') || ' ' || coalesce(a.`company`, ''), ' ') FROM `order_addresses` a WHERE a.`order_id` = o.`id`), '')),
      o.`notes`
    FROM `orders` o WHERE o.`id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_addresses_after_insert_search` AFTER INSERT ON `order_addresses` BEGIN
  DELETE FROM `orders_fts` WHERE `rowid` = new.`order_id`;
  INSERT INTO `orders_fts` (`rowid`, `order_number`, `customer_email`, `customer_name`, `notes`)
    SELECT o.`id`, o.`order_number`, o.`customer_email`,
      trim(coalesce((SELECT coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '') || ' ' || coalesce(u.`company`, '') FROM `users` u WHERE u.`id` = o.`user_id`), '')
        || ' ' || coalesce((SELECT group_concat(coalesce(a.`first_name`, '') || ' ' || coalesce(a.`last_name`, '') || ' ' || coalesce(a.`company`, ''), ' ') FROM `order_addresses` a WHERE a.`order_id` = o.`id`), '')),
      o.`notes`
    FROM `orders` o WHERE o.`id` = new.`order_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `order_addresses_after_delete_search` AFTER DELETE ON `order_addresses` BEGIN
  DELETE FROM `orders_fts` WHERE `rowid` = old.`order_id`;
  INSERT INTO `orders_fts` (`rowid`, `order_number`, `customer_email`, `customer_name`, `notes`)
    SELECT o.`id`, o.`order_number`, o.`customer_email`,
      trim(coalesce((SELECT coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '') || ' ' || coalesce(u.`company`, '') FROM `users` u WHERE u.`id` = o.`user_id`), '')
        || ' ' || coalesce((SELECT group_concat(coalesce(a.`first_name`, '') || ' ' || coalesce(a.`last_name`, '') || ' ' || coalesce(a.`company`, ''), ' ') FROM `order_addresses` a WHERE a.`order_id` = o.`id`), '')),
      o.`notes`
    FROM `orders` o WHERE o.`id` = old.`order_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `users_after_update_name_search` AFTER UPDATE OF `first_name`, `last_name`, `company` ON `users`
  WHEN old.`first_name` IS NOT new.`first_name` OR old.`last_name` IS NOT new.`last_name` OR old.`company` IS NOT new.`company` BEGIN
  DELETE FROM `orders_fts` WHERE `rowid` IN (SELECT `id` FROM `orders` WHERE `user_id` = new.`id`);
  INSERT INTO `orders_fts` (`rowid`, `order_number`, `customer_email`, `customer_name`, `notes`)
    SELECT o.`id`, o.`order_number`, o.`customer_email`,
      trim(coalesce((SELECT coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '') || ' ' || coalesce(u.`company`, '') FROM `users` u WHERE u.`id` = o.`user_id`), '')
        || ' ' || coalesce((SELECT group_concat(coalesce(a.`first_name`, '') || ' ' || coalesce(a.`last_name`, '') || ' ' || coalesce(a.`company`, ''), ' ') FROM `order_addresses` a WHERE a.`order_id` = o.`id`), '')),
      o.`notes`
    FROM `orders` o WHERE o.`user_id` = new.`id`;
END;
--> statement-breakpoint
-- Narrow entries keyed by id: a search's matches are checked (status, type, date) without the rows.
CREATE INDEX `orders_id_cover_idx` ON `orders` (`id`, `status`, `order_type`, `created_at`);
--> statement-breakpoint
-- The paged operator board: one column (production status) per priority in date order ...
CREATE INDEX `orders_board_column_idx` ON `orders` (`production_status`, `priority`, `created_at`, `id`, `status`);
--> statement-breakpoint
-- ... and the Completed column's 30-day window by fulfilment time.
CREATE INDEX `orders_board_done_idx` ON `orders` (`production_status`, `fulfilled_at`, `status`, `priority`, `created_at`);
