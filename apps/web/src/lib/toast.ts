import { create } from 'zustand';

// The toasts: one visible at a time; a dismissed toast is removed after 1,000,000 ms (it
// stays mounted, closed, so Radix can finish its exit animation and screen readers their reading).
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  show(toast: Omit<ToastItem, 'id' | 'open' | 'variant'> & { variant?: ToastVariant }): number;
  dismiss(id: number): void;
}

let nextId = 1;
const removals = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show(toast) {
    const id = nextId++;
    const item: ToastItem = { ...toast, variant: toast.variant ?? 'default', id, open: true };
    set((state) => ({ toasts: [item, ...state.toasts].slice(0, TOAST_LIMIT) }));
    return id;
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) }));
    if (removals.has(id)) return;
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        set({ toasts: get().toasts.filter((t) => t.id !== id) });
      }, TOAST_REMOVE_DELAY),
    );
  },
}));

/** Shows a toast from anywhere (event handlers, mutation callbacks). */
export const toast = (t: Parameters<ToastState['show']>[0]) => useToastStore.getState().show(t);
