import type { StudyFileInput } from '@holgura/contracts';
import type { TestClient } from '../auth/auth.test-support';
import { case30 } from '../uploads/uploads.test-support';

/** POST /api/studies with the form's parts, as a browser's FormData sends them. */
async function postStudyForm(client: TestClient, data: FormData) {
  const request = new Request('http://x/', { method: 'POST', body: data });
  return client.request({
    method: 'POST',
    url: '/api/studies',
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  });
}

/** POST /api/studies as the study form sends it: the base case file and the study's JSON. */
export function postStudy(
  client: TestClient,
  study: StudyFileInput,
  baseCase: { bytes: Uint8Array; name: string } = { bytes: case30, name: 'case30.m' },
) {
  const data = new FormData();
  data.append('case', new Blob([new Uint8Array(baseCase.bytes)]), baseCase.name);
  data.append('study', JSON.stringify(study));
  return postStudyForm(client, data);
}

/** POST /api/studies on one of the user's analysed cases, named by id (the form's other way). */
export function postStudyOnCase(client: TestClient, study: StudyFileInput, caseId: string) {
  const data = new FormData();
  data.append('caseId', caseId);
  data.append('study', JSON.stringify(study));
  return postStudyForm(client, data);
}
