import { mountStandalone } from '@marketplace/shared/standalone';
import App from './App';

mountStandalone('auction', App);
