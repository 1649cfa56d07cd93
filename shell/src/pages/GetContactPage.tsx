import type { ReactElement } from 'react';
import { Link } from '@marketplace/shared/router';
import { atomStyles, NoticeCard, usePageMeta, linkTo } from '@marketplace/shared';
import styles from './pages.module.css';

export function GetContactPage(): ReactElement {
  usePageMeta({ title: 'Thank you for contacting us' });
  return (
    <NoticeCard icon="success">
      <h1>Thank you for contacting us</h1>
      <p>We have received your message and will get back to you within one working day.</p>
      <div className={atomStyles.noticeActions}>
        <Link className={styles.button} to={linkTo('home')}>
          CONTINUE SHOPPING
        </Link>
      </div>
    </NoticeCard>
  );
}
