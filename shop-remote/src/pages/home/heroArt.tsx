import { type ReactElement } from 'react';

/** Decorative illustrations for the hero slides (no image requests, no layout shift). */
export function AccessoriesArt(): ReactElement {
  return (
    <svg viewBox="0 0 240 240" aria-hidden="true" focusable="false">
      <circle cx="120" cy="120" r="104" fill="rgb(255 255 255 / 0.10)" />
      <rect x="92" y="22" width="56" height="46" rx="10" fill="rgb(255 255 255 / 0.28)" />
      <rect x="92" y="172" width="56" height="46" rx="10" fill="rgb(255 255 255 / 0.28)" />
      <rect x="70" y="62" width="100" height="116" rx="28" fill="rgb(255 255 255 / 0.92)" />
      <rect x="82" y="74" width="76" height="92" rx="18" fill="#1f2937" />
      <circle
        cx="120"
        cy="120"
        r="28"
        fill="none"
        stroke="#f59e0b"
        strokeWidth="6"
        strokeDasharray="120 60"
        strokeLinecap="round"
      />
      <text
        x="120"
        y="126"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="18"
        fontWeight="700"
        fill="#fff"
      >
        10:30
      </text>
      <rect x="170" y="108" width="8" height="24" rx="4" fill="rgb(255 255 255 / 0.92)" />
    </svg>
  );
}

export function HeadphonesArt(): ReactElement {
  return (
    <svg viewBox="0 0 240 240" aria-hidden="true" focusable="false">
      <circle cx="120" cy="120" r="104" fill="rgb(255 255 255 / 0.10)" />
      <path
        d="M44 140v-18a76 76 0 0 1 152 0v18"
        fill="none"
        stroke="rgb(255 255 255 / 0.92)"
        strokeWidth="14"
        strokeLinecap="round"
      />
      <rect x="30" y="126" width="48" height="78" rx="22" fill="rgb(255 255 255 / 0.92)" />
      <rect x="162" y="126" width="48" height="78" rx="22" fill="rgb(255 255 255 / 0.92)" />
      <rect x="44" y="140" width="20" height="50" rx="10" fill="#312e81" />
      <rect x="176" y="140" width="20" height="50" rx="10" fill="#312e81" />
    </svg>
  );
}

export function MobileArt(): ReactElement {
  return (
    <svg viewBox="0 0 240 240" aria-hidden="true" focusable="false">
      <circle cx="120" cy="120" r="104" fill="rgb(255 255 255 / 0.10)" />
      <rect x="72" y="18" width="96" height="204" rx="20" fill="rgb(255 255 255 / 0.92)" />
      <rect x="80" y="34" width="80" height="168" rx="10" fill="#064e3b" />
      <rect x="106" y="24" width="28" height="5" rx="2.5" fill="#9ca3af" />
      <rect x="90" y="50" width="26" height="26" rx="7" fill="#34d399" />
      <rect x="124" y="50" width="26" height="26" rx="7" fill="#fbbf24" />
      <rect x="90" y="84" width="26" height="26" rx="7" fill="#60a5fa" />
      <rect x="124" y="84" width="26" height="26" rx="7" fill="#f87171" />
      <rect x="90" y="150" width="60" height="8" rx="4" fill="rgb(255 255 255 / 0.5)" />
      <rect x="90" y="166" width="42" height="8" rx="4" fill="rgb(255 255 255 / 0.35)" />
    </svg>
  );
}
