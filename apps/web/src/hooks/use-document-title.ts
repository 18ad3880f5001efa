import { useEffect } from "react";
import { getSiteConfig } from "@/config/site";

/** Sets the tab title to "<title> - <site name>" (or the site name alone). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    const { siteName } = getSiteConfig();
    document.title = title ? `${title} - ${siteName}` : siteName;
  }, [title]);
}
