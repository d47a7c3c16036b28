// The frame's styles load with the page (the server's HTML needs them at once), not with the app's code.
import '@portfolio/ui/theme.scss';
import './layout/site.css';
// Module federation needs an async boundary: shared modules are negotiated before app code runs.
void import('./bootstrap');
