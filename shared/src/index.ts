import './ui/tokens.css';

export * from './session/sessionStore';
export * from './session/returnPath';
export * from './links';
export * from './toast/toast';
export * from './api';
export * from './cart/cartCount';
export * from './routes';
export * from './remote/AreaRoutes';
export * from './remote/runtimeConfig';
export * from './remote/retry';
export * from './remote/renderScope';
export * from './ui/atoms';
export * from './remote/usePagedList';
export * from './remote/useResource';
export {
  ServerRender,
  ServerRenderContext,
  provideServerData,
  useHydrated,
  type ServerRead,
} from './remote/serverData';
export { LoadMore, useStartCursor } from './ui/LoadMore';
export { Picture, type PhotoSources } from './ui/Picture';
export { LOAD_FAILED_TEXT, LoadFailed, Loading } from './ui/LoadState';
export {
  Field,
  SubmitButton,
  describedBy,
  fieldErrorId,
  fieldHintId,
  fieldStyles,
  type FieldOption,
  type FieldProps,
} from './ui/Field';
export * from './ui/useForm';
export * from './meta';
export * from '@marketplace/contract/rules';
// The carousel and the photo uploader are entries of their own (@marketplace/shared/carousel,
// @marketplace/shared/photo-uploader): only the pages that show them load them.
