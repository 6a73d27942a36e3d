import { useState } from "react";
import { describeApiError, isApiError } from "../../api/errors";
import { isPeriodRefusal } from "../../api/periods";

/**
 * Runs a write; a period refusal (quiet in the HTTP client) opens the page's dialog with its Spanish
 * description. Other errors were already shown by the client. Resolves true when the write succeeded.
 */
export function useRefusal() {
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (write: () => Promise<unknown>): Promise<boolean> => {
    try {
      await write();
      return true;
    } catch (error) {
      if (isApiError(error) && isPeriodRefusal(error))
        setRefusal(error.description ?? describeApiError(error));
      return false;
    }
  };
  return { refusal, run, close: () => setRefusal(null) };
}
