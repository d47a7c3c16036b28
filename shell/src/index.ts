// Module federation needs an async boundary: shared modules are negotiated before app code runs.
void import('./bootstrap');
