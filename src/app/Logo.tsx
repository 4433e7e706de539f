/** The aurora mark and wordmark, in the theme's colours (tokens.css, night.css). */
export function Logo() {
  return (
    <span className="logo">
      <svg
        className="logo__mark"
        width="28"
        height="28"
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
      >
        <defs>
          <linearGradient id="logo-aurora" x1="0" y1="1" x2="1" y2="0">
            <stop offset="0" style={{ stopColor: 'var(--logo-1)' }} />
            <stop offset="0.6" style={{ stopColor: 'var(--logo-2)' }} />
            <stop offset="1" style={{ stopColor: 'var(--logo-3)' }} />
          </linearGradient>
        </defs>
        <circle
          cx="16"
          cy="16"
          r="15"
          style={{ fill: 'var(--logo-disc)', stroke: 'var(--logo-rim)' }}
        />
        <path
          d="M4 21c4-9 9-12 12-12s8 3 12 12"
          fill="none"
          stroke="url(#logo-aurora)"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path
          d="M8 23c3-5 5.5-7 8-7s5 2 8 7"
          fill="none"
          stroke="url(#logo-aurora)"
          strokeWidth="2"
          strokeLinecap="round"
          opacity="0.7"
        />
      </svg>
      <span className="logo__word">Aurora</span>
    </span>
  );
}
