import { integer, text } from "drizzle-orm/sqlite-core";
import { nowIso } from "../../common/time";

export const id = () => integer("id").primaryKey({ autoIncrement: true });
export const createdAt = () => text("created_at").notNull().$defaultFn(nowIso);
export const updatedAt = () => text("updated_at").notNull().$defaultFn(nowIso);
export const bool = (name: string) => integer(name, { mode: "boolean" });
export const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();
