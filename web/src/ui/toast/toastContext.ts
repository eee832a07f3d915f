import { createContext } from 'react';

export type ToastVariant = 'success' | 'warning' | 'error' | 'info';
export type ToastPosition = 'top' | 'bottom-right';
export type ToastOptions = {
  /** Milliseconds on screen; 0 or less keeps it until closed. Default 6000, or 30000 at 'bottom-right'. */
  duration?: number;
  /** 'top' (default) is top-center; 'bottom-right' is for notifications. */
  position?: ToastPosition;
  /** Plays a short beep (880 Hz, 150 ms). */
  sound?: boolean;
};
export type ToastApi = {
  show(message: string, variant?: ToastVariant, options?: ToastOptions): void;
};

/** Spec: a toast stays 6 s. */
export const TOAST_DURATION = 6000;
/** Notification toasts (bottom-right) stay 30 s. */
export const NOTIFICATION_TOAST_DURATION = 30_000;

export const ToastContext = createContext<ToastApi | null>(null);
