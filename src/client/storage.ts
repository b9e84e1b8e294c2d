// localStorage throws where storage is disabled (some private modes, strict privacy settings);
// there the site simply forgets choices instead of breaking.

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the choice applies to this page only.
  }
}
