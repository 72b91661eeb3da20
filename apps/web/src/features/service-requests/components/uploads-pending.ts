/**
 * The upload widget reports finished files only. Before saving, look whether any file in it is
 * still on its way (its rows carry `data-status`), so a photo is not left out by a quick tap.
 */
export function uploadsPending(container: HTMLElement | null): boolean {
  return !!container?.querySelector('[data-status="uploading"], [data-status="queued"]');
}
