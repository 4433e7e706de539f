import { useEffect, useState } from 'react';

/** All one case: no EIP-55 checksum in it (a mixed-case address already carries one). */
const ONE_CASE_ADDRESS = /^0x([0-9a-f]{40}|[0-9A-F]{40})$/;

/**
 * A wallet address as people and wallets write it: the EIP-55 mixed-case checksum
 * (https://eips.ethereum.org/EIPS/eip-55). A session restored from the backend holds it lowercase
 * (wallets are keyed by the lowercase form); the checksum needs keccak-256, so it comes from
 * ethers' getAddress in the sign-in chunk (src/auth/siweMessage.ts), loaded only for a wallet
 * account with such an address, never for `/`'s first load. Until it is in, and for anything
 * that is not an address, the address as given.
 */
export function useChecksumAddress(address: string | null | undefined): string | null {
  const [checksummed, setChecksummed] = useState<{ from: string; to: string } | null>(null);
  const wanted = address && ONE_CASE_ADDRESS.test(address) ? address : null;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    import('../../auth/siweMessage.ts').then(
      (m) => live && setChecksummed({ from: wanted, to: m.checksumAddress(wanted) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  if (!address) return null;
  return checksummed?.from === address ? checksummed.to : address;
}
