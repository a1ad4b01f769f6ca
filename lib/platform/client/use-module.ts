import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A part of a page loaded once it is `wanted`, instead of with the page. Unlike React.lazy, a failed download (a weak
 * line, a page older than the server's last release) is told, and `retry` asks again: the page around it stays as it
 * was, with what the user entered.
 */
export function useModule<M extends object>(
  load: () => Promise<M>,
  wanted = true,
): { module: M | null; failed: boolean; retry: () => void } {
  const [state, setState] = useState<{ module: M | null; failed: boolean }>({ module: null, failed: false });
  const loading = useRef(false);
  const retry = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    setState((s) => ({ ...s, failed: false }));
    load()
      .then(
        (module) => setState({ module, failed: false }),
        () => setState({ module: null, failed: true }),
      )
      .finally(() => {
        loading.current = false;
      });
  }, [load]);
  useEffect(() => {
    if (wanted && !state.module && !state.failed) retry();
  }, [wanted, state.module, state.failed, retry]);
  return { ...state, retry };
}
