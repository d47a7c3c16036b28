import { renderStandalone } from '@portfolio/ui/standalone-app';
import routes from './routes';

renderStandalone('mf-home', [{ index: true, ...routes.home }]);
