import type { StudyFileInput } from '@holgura/contracts';
import type { TestClient } from '../auth/auth.test-support';
import { case30 } from '../uploads/uploads.test-support';

/** POST /api/studies as the study form sends it: the base case file and the study's JSON. */
export async function postStudy(
  client: TestClient,
  study: StudyFileInput,
  baseCase: { bytes: Uint8Array; name: string } = { bytes: case30, name: 'case30.m' },
) {
  const data = new FormData();
  data.append('case', new Blob([new Uint8Array(baseCase.bytes)]), baseCase.name);
  data.append('study', JSON.stringify(study));
  const request = new Request('http://x/', { method: 'POST', body: data });
  return client.request({
    method: 'POST',
    url: '/api/studies',
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  });
}
