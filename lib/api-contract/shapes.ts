import { z } from "zod";

/** A date as the API sends it. */
export const timestamp = z.string().describe("ISO 8601 date-time (UTC).");

/** `nextCursor` of a `{ data, nextCursor }` page. */
export const nextCursor = z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page.");

/** A `{ data: [item], nextCursor }` page. */
export const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), nextCursor });

/** The JSON form of `T`, as `Response.json` sends it: dates become strings. */
type Jsonified<T> = T extends Date ? string : T extends (infer U)[] ? Jsonified<U>[] : T extends object ? { [K in keyof T]: Jsonified<T[K]> } : T;
type Fits<T, S> = [T] extends [S] ? ([keyof T] extends [keyof S] ? ([keyof S] extends [keyof T] ? true : false) : false) : false;

/**
 * `true` when the response schema `S` describes the `T` a handler answers with: the same top-level keys, and
 * every value of `T` (dates as their JSON strings) fits the schema. A field added to `T` and not to the
 * schema, or a schema narrower than `T`, makes it `false`.
 */
export type Describes<T, S extends z.ZodType> = Fits<Jsonified<T>, z.output<S>>;

/**
 * `schema`, checked at compile time to describe `T` (see `Describes`): a mismatch is a type error here instead
 * of an undocumented answer.
 *
 * @example
 * const secretInfoSchema = describes<SecretInfo>()(z.object({ name: z.string(), createdAt: timestamp, updatedAt: timestamp }));
 */
export const describes =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Describes<T, S> extends true ? unknown : { "the schema does not describe the response type": T })): S =>
    schema;
