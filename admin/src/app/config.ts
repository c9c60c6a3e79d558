// API origin from build configuration; empty means the same origin that serves /admin/.
// (The unit tests' compiler replaces this expression with '' — see jest.config.js.)
export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? '';

export function apiUrl(path: string): string {
  return `${API_BASE_URL}${path}`;
}
