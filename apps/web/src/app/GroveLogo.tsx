/** The Grove leaf mark (the same drawing as the favicon). */
export function GroveLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="#f7811f" />
      <path d="M47 15C29 15 17 25 17 40c0 3 .6 5.6 1.6 8C21 36 29 29 39 25 31 31 25 38 21.5 49.5 24 51 27 52 30.5 52 43 52 49 39 47 15z" fill="#fff" />
    </svg>
  );
}
