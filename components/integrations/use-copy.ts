"use client";
import { useRef } from "react";
import { toast } from "sonner";

/**
 * Copies a secret or an address shown once in a read-only field (`field`). Without a clipboard (an insecure origin, a
 * refused permission) the field's text is selected for the owner to copy themselves, and they are told so.
 */
export function useCopy(messages: { copied: string; copyFailed: string }) {
  const field = useRef<HTMLInputElement>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(messages.copied);
    } catch {
      field.current?.select();
      toast.error(messages.copyFailed);
    }
  };
  return { field, copy };
}
