// Standalone dev page of this remote; the site loads ./routes through the shell instead.
void import('./bootstrap');
