const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` is a UUID; other strings can never name a stored runtime or entity. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
