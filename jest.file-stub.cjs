// A picture in tests is its file name, as webpack's asset/resource gives a URL.
module.exports = 'test-file-stub';
