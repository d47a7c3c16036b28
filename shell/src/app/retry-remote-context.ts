import { createContext, useContext } from 'react';
import type { RemoteName } from '@portfolio/contracts/remote-routes';

export const RetryRemoteContext = createContext<(remote: RemoteName) => void>(() => window.location.reload());

export const useRetryRemote = () => useContext(RetryRemoteContext);
