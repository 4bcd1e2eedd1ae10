/** The Content-Security-Policy nonce of the current response, for the scripts the server renders. */
import { createContext, useContext } from "react";

export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
