import os from 'node:os';

/** This machine's address on its network: the first IPv4 address that is not loopback. */
export function machineAddress(): string {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  throw new Error('Esta máquina no tiene una dirección IPv4 de red (no interna)');
}
