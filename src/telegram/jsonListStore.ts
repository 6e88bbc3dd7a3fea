// A list kept as JSON under one localStorage key (a user's drafts), through the never-throwing safeStorage: read back
// through `parse` — strictly, storage may hold anything — and written whole, the key removed when the list is empty.
// A module of its own, so only the screens with drafts load it (the home path does not).
import { safeStorage } from './storage';

export function jsonListStore<T>(key: string, parse: (raw: string | null) => T[]) {
  return {
    read: () => parse(safeStorage.get(key)),
    write: (items: readonly T[]) =>
      items.length ? safeStorage.set(key, JSON.stringify(items)) : safeStorage.remove(key),
  };
}
