// A worker thread that cannot even load, as a broken build would be: the server must survive
// it, keep answering, and keep the jobs queued.
throw new Error('this worker is broken on purpose');
