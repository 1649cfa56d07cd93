import { type ReactElement, type ReactNode } from 'react';
import styles from '../styles/forms.module.css';

/** The centred card every sign-in and password screen sits in: a title, a lead line, the content. */
export function AuthCard({
  id,
  title,
  lead,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  lead: ReactNode;
  wide?: boolean;
  children: ReactNode;
}): ReactElement {
  return (
    <div className={styles.authPage}>
      <section
        className={[styles.card, wide ? styles.cardWide : null].filter(Boolean).join(' ')}
        aria-labelledby={`${id}-title`}
      >
        <h1 id={`${id}-title`} className={styles.title}>
          {title}
        </h1>
        <p className={styles.lead}>{lead}</p>
        {children}
      </section>
    </div>
  );
}
