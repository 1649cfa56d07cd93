import './ui/tokens.css';

export * from './session/sessionStore';
export * from './toast/toast';
export * from './api';
export * from './cart/cartCount';
export * from './routes';
export * from './remote/AreaRoutes';
export * from './remote/runtimeConfig';
export * from './ui/atoms';
export * from './contract/rules';
export * from './ui/Carousel';
export * from './ui/PhotoUploader';
