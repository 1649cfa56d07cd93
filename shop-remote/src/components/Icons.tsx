import { type ReactElement, type ReactNode } from 'react';

/** Small decorative line icons (24×24, currentColor). Always paired with visible or hidden text. */
function Svg({ children, size = 20 }: { children: ReactNode; size?: number }): ReactElement {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { size?: number };

export const EyeIcon = ({ size }: IconProps): ReactElement => (
  <Svg size={size}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);
export const CartIcon = ({ size }: IconProps): ReactElement => (
  <Svg size={size}>
    <circle cx="9" cy="20" r="1.4" />
    <circle cx="18" cy="20" r="1.4" />
    <path d="M2.5 3h2.8l2.4 12.2a1.6 1.6 0 0 0 1.6 1.3h8.6a1.6 1.6 0 0 0 1.6-1.2L21.5 8H6.2" />
  </Svg>
);
export const HeartIcon = ({ size }: IconProps): ReactElement => (
  <Svg size={size}>
    <path d="M20.8 5.6a5.4 5.4 0 0 0-7.7 0L12 6.7l-1.1-1.1a5.4 5.4 0 0 0-7.7 7.7l1.1 1.1L12 22l7.7-7.6 1.1-1.1a5.4 5.4 0 0 0 0-7.7Z" />
  </Svg>
);
export const BellIcon = ({ size }: IconProps): ReactElement => (
  <Svg size={size}>
    <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.7 21a2 2 0 0 1-3.4 0" />
  </Svg>
);
export const TruckIcon = ({ size }: IconProps): ReactElement => (
  <Svg size={size}>
    <path d="M1.5 4.5h12v11h-12zM13.5 8.5h4.5l3.5 3.5v3.5h-8" />
    <circle cx="6" cy="18" r="2" />
    <circle cx="17.5" cy="18" r="2" />
  </Svg>
);
export const ShieldIcon = ({ size }: IconProps): ReactElement => (
  <Svg size={size}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />
    <path d="m9 12 2 2 4-4" />
  </Svg>
);
export const HeadsetIcon = ({ size }: IconProps): ReactElement => (
  <Svg size={size}>
    <path d="M3 18v-6a9 9 0 0 1 18 0v6" />
    <path d="M21 19a2 2 0 0 1-2 2h-1v-7h3zM3 19a2 2 0 0 0 2 2h1v-7H3z" />
  </Svg>
);
export const GridIcon = ({ size }: IconProps): ReactElement => (
  <Svg size={size}>
    <rect x="3.5" y="3.5" width="7" height="7" rx="1" />
    <rect x="13.5" y="3.5" width="7" height="7" rx="1" />
    <rect x="3.5" y="13.5" width="7" height="7" rx="1" />
    <rect x="13.5" y="13.5" width="7" height="7" rx="1" />
  </Svg>
);
export const ListIcon = ({ size }: IconProps): ReactElement => (
  <Svg size={size}>
    <path d="M9 6h12M9 12h12M9 18h12" />
    <circle cx="4" cy="6" r="1" />
    <circle cx="4" cy="12" r="1" />
    <circle cx="4" cy="18" r="1" />
  </Svg>
);
export const CloseIcon = ({ size }: IconProps): ReactElement => (
  <Svg size={size}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
);
