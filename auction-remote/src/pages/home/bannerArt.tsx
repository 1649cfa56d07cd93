import { type ReactElement } from 'react';

/** Decorative banner illustrations (inline SVG: no request, no layout shift). */

export function PaintingArt(): ReactElement {
  return (
    <svg viewBox="0 0 300 240" aria-hidden="true" focusable="false">
      <rect x="30" y="20" width="240" height="190" rx="6" fill="#7c4a1e" />
      <rect x="42" y="32" width="216" height="166" rx="3" fill="#c58b3c" />
      <rect x="54" y="44" width="192" height="142" fill="#fde7c4" />
      <circle cx="196" cy="82" r="18" fill="#f59e0b" />
      <path d="M54 186 112 110l40 48 30-30 64 58Z" fill="#2f6b4f" />
      <path d="M54 186 98 140l36 46Z" fill="#3f8a64" />
      <path d="M150 20 140 6h20Z" fill="#7c4a1e" />
      <rect x="60" y="214" width="180" height="10" rx="5" fill="rgb(0 0 0 / 0.18)" />
    </svg>
  );
}

export function CoinsArt(): ReactElement {
  return (
    <svg viewBox="0 0 300 240" aria-hidden="true" focusable="false">
      <rect x="40" y="40" width="200" height="104" rx="8" fill="#d1fae5" transform="rotate(-8 140 92)" />
      <rect
        x="52"
        y="52"
        width="176"
        height="80"
        rx="4"
        fill="none"
        stroke="#059669"
        strokeWidth="3"
        transform="rotate(-8 140 92)"
      />
      <circle cx="140" cy="92" r="22" fill="none" stroke="#059669" strokeWidth="3" transform="rotate(-8 140 92)" />
      <text x="128" y="100" fontSize="24" fontWeight="700" fill="#047857" transform="rotate(-8 140 92)">
        ₹
      </text>
      <g>
        <circle cx="190" cy="168" r="40" fill="#f59e0b" />
        <circle cx="190" cy="168" r="31" fill="none" stroke="#fde68a" strokeWidth="3" />
        <text x="178" y="179" fontSize="30" fontWeight="800" fill="#fff7d6">
          ₹
        </text>
      </g>
      <g>
        <circle cx="110" cy="180" r="30" fill="#d6d3d1" />
        <circle cx="110" cy="180" r="22" fill="none" stroke="#f5f5f4" strokeWidth="3" />
        <text x="101" y="189" fontSize="24" fontWeight="800" fill="#78716c">
          1
        </text>
      </g>
    </svg>
  );
}

export function SportsArt(): ReactElement {
  return (
    <svg viewBox="0 0 300 240" aria-hidden="true" focusable="false">
      <g transform="rotate(-35 150 120)">
        <rect x="138" y="20" width="24" height="70" rx="8" fill="#1f2937" />
        <rect x="126" y="86" width="48" height="130" rx="18" fill="#fcd34d" />
        <rect x="134" y="96" width="6" height="110" rx="3" fill="#f59e0b" />
      </g>
      <circle cx="222" cy="170" r="28" fill="#dc2626" />
      <path
        d="M198 156c16 8 32 8 48 0M198 184c16-8 32-8 48 0"
        fill="none"
        stroke="#fecaca"
        strokeWidth="3"
        strokeDasharray="4 4"
      />
      <path d="M56 60l10 20 22 3-16 15 4 22-20-11-20 11 4-22-16-15 22-3Z" fill="#fde68a" />
    </svg>
  );
}
