import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import {
  type ClientEventReporter,
  createClientEventReporter,
  interactionOf,
  routePatternOf,
} from './client-event-reporter';

/**
 * Reports what happens in the signed-in app (issue #14): a page visit per route change (its pattern, never ids or
 * queries), clicks on buttons and links (their stable names), uncaught errors and unhandled promise rejections.
 */
export function useClientEvents(createReporter: () => ClientEventReporter = createClientEventReporter): void {
  const location = useLocation();
  // The deepest match carries every parameter of the path (a layout's own params stop at its level).
  const params = useMatches().at(-1)?.params ?? {};
  const route = routePatternOf(location.pathname, params);
  const routeRef = useRef(route);
  routeRef.current = route;
  const reporterRef = useRef<ClientEventReporter | null>(null);

  useEffect(() => {
    const reporter = createReporter();
    reporterRef.current = reporter;
    const onClick = (event: MouseEvent) => {
      const interaction = interactionOf(event.target);
      if (interaction) reporter.track({ type: 'ui_interaction', route: routeRef.current, ...interaction });
    };
    const onError = (event: ErrorEvent) => {
      const error: unknown = event.error;
      reporter.track({
        type: 'client_error',
        route: routeRef.current,
        errorName: error instanceof Error ? error.name.slice(0, 100) : 'Error',
        errorMessage: event.message,
      });
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason: unknown = event.reason;
      reporter.track({
        type: 'unhandled_promise_rejection',
        route: routeRef.current,
        errorName: reason instanceof Error ? reason.name.slice(0, 100) : typeof reason,
        errorMessage: reason instanceof Error ? reason.message : String(reason),
      });
    };
    const onLeave = () => void reporter.flush(true);
    document.addEventListener('click', onClick, { capture: true });
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('click', onClick, { capture: true });
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('pagehide', onLeave);
      void reporter.flush(true);
      reporter.stop();
      reporterRef.current = null;
    };
  }, [createReporter]);

  useEffect(() => {
    reporterRef.current?.track({ type: 'page_visit', route });
  }, [route]);
}
