// What a device store holds as a JSON list, read without trust: anything that is not a JSON array is an empty list
// (each caller then parses the items strictly).
export function storedList(raw: string | null): unknown[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}
