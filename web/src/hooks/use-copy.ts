import { useState } from 'react';
import { useTransientFlag } from './use-transient-flag';

export const COPY_FAILED = 'Could not copy. Select the address and copy it yourself.';

/**
 * Copy to the clipboard with its outcome: `copied` for two seconds after it worked, `failed` when the
 * browser refused (no clipboard outside secure contexts: plain http on another host).
 */
export function useCopy() {
  const copied = useTransientFlag(2000);
  const [failed, setFailed] = useState(false);
  const reset = () => {
    copied.clear();
    setFailed(false);
  };
  const copy = async (text: string) => {
    reset();
    try {
      await navigator.clipboard.writeText(text);
      copied.raise();
    } catch {
      setFailed(true);
    }
  };
  return { copy, reset, copied: copied.on, failed };
}
