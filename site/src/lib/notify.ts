// Toasts (SPEC §8: top-right, 3 s, success green). react-toastify is loaded on demand, after the page is
// interactive, so it stays out of the first-load bundle; toasts raised earlier wait in its queue.
const loadToastify = () => import('react-toastify/unstyled');

export function notify(kind: 'success' | 'error', message: string): void {
  void loadToastify().then(({ toast }) => toast[kind](message));
}

export const loadToastContainer = () => loadToastify().then((module) => ({ default: module.ToastContainer }));
