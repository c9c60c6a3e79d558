import { SITE_MESSAGES } from '@brightwave/common';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Keeps the rest of the page usable when one section fails to render (SPEC §2, /portfolio). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Section failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <p role="alert" className="py-12 text-center text-lg font-medium text-red-700 dark:text-red-300">
          {SITE_MESSAGES.sectionRenderFailure}
        </p>
      );
    }
    return this.props.children;
  }
}
