import { mountStandalone } from '@marketplace/shared/standalone';
import App from './App';

mountStandalone('account', App);
