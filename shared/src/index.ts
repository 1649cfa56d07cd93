import './ui/tokens.css';

export * from './session/sessionStore';
export * from './toast/toast';
export * from './api/http';
export * from './routes';
export * from './remote/AreaRoutes';
export * from './ui/atoms';
