// libsvn_client with APR, loaded on first use (see CLoader.h): the table of functions tb calls, and the few wrappers
// Swift needs.
#pragma once
// apr.h needs what pkg-config's -D flags would set; SwiftPM drops those flags, so they are defined here.
#ifndef LINUX
#define LINUX 1
#endif
#ifndef _REENTRANT
#define _REENTRANT 1
#endif
#include <apr_fnmatch.h>
#include <apr_xlate.h>
#include <apr_hash.h>
#include <apr_tables.h>
#include <svn_client.h>
#include <svn_cmdline.h>
#include <svn_config.h>
#include <svn_dirent_uri.h>
#include <svn_fs.h>
#include <svn_path.h>
#include <svn_pools.h>
#include <svn_ra.h>
#include <svn_repos.h>
#include <svn_time.h>
#include <svn_version.h>
#include "CLoader.h"

// Functions of libsvn_subr, libsvn_ra and APR resolve through libsvn_client's handle too: they are its dependencies.
#define CSVN_SYMBOLS(X)                                                                                                \
    X(svn_client_version)                                                                                              \
    X(svn_cmdline_init)                                                                                                \
    X(svn_cmdline_create_auth_baton2)                                                                                  \
    X(svn_pool_create_ex)                                                                                              \
    X(apr_pool_destroy)                                                                                                \
    X(apr_pool_clear)                                                                                                  \
    X(apr_pstrdup)                                                                                                     \
    X(apr_palloc)                                                                                                      \
    X(apr_array_make)                                                                                                  \
    X(apr_array_push)                                                                                                  \
    X(apr_hash_get)                                                                                                    \
    X(apr_hash_first)                                                                                                  \
    X(apr_hash_next)                                                                                                   \
    X(apr_hash_this)                                                                                                   \
    X(apr_fnmatch)                                                                                                     \
    X(svn_config_get_config)                                                                                           \
    X(svn_config_get)                                                                                                  \
    X(svn_config_set)                                                                                                  \
    X(svn_client_create_context2)                                                                                      \
    X(svn_client_list4)                                                                                                \
    X(svn_client_cat3)                                                                                                 \
    X(svn_client_log5)                                                                                                 \
    X(svn_client_info4)                                                                                                \
    X(svn_client_open_ra_session2)                                                                                     \
    X(svn_ra_get_latest_revnum)                                                                                        \
    X(svn_ra_get_uuid2)                                                                                                \
    X(svn_ra_get_repos_root2)                                                                                          \
    X(svn_ra_get_session_url)                                                                                          \
    X(svn_ra_stat)                                                                                                     \
    X(svn_ra_get_locks2)                                                                                               \
    X(svn_stream_create)                                                                                               \
    X(svn_stream_set_write)                                                                                            \
    X(svn_error_create)                                                                                                \
    X(svn_error_clear)                                                                                                 \
    X(svn_error_set_malfunction_handler)                                                                               \
    X(svn_error_raise_on_malfunction)                                                                                                 \
    X(svn_err_best_message)                                                                                            \
    X(svn_path_is_url)                                                                                                 \
    X(svn_path_is_backpath_present)                                                                                    \
    X(svn_path_uri_from_iri)                                                                                           \
    X(svn_path_uri_autoescape)                                                                                         \
    X(svn_uri_canonicalize_safe)                                                                                       \
    X(svn_uri_is_canonical)                                                                                            \
    X(svn_parse_date)                                                                                                  \
    X(apr_time_now)                                                                                                    \
    X(svn_time_from_cstring)                                                                                           \
    X(svn_uri_get_dirent_from_file_url)                                                                                \
    X(svn_repos_find_root_path)                                                                                        \
    X(svn_repos_open3)                                                                                                 \
    X(svn_repos_fs)                                                                                                    \
    X(svn_fs_youngest_rev)                                                                                             \
    X(svn_fs_revision_root)                                                                                            \
    X(svn_fs_node_created_rev)                                                                                         \
    X(svn_fs_file_length)                                                                                              \
    X(svn_fs_revision_proplist2)                                                                                       \
    X(apr_hash_make)                                                                                                   \
    X(apr_hash_set)                                                                                                    \
    X(svn_string_create)                                                                                               \
    X(svn_uri_basename)                                                                                                \
    X(svn_uri_dirname)                                                                                                 \
    X(svn_ra_check_path)                                                                                               \
    X(svn_ra_get_lock)                                                                                                 \
    X(svn_ra_get_file)                                                                                                 \
    X(svn_ra_get_commit_editor3)                                                                                       \
    X(svn_txdelta_send_stream)                                                                                         \
    X(svn_stream_set_read2)                                                                                            \
    X(svn_stream_empty)                                                                                                \
    X(svn_stream_checksummed2)                                                                                         \
    X(svn_stream_close)                                                                                                \
    X(svn_dirent_get_absolute)                                                                                         \
    X(svn_client_get_wc_root)                                                                                          \
    X(svn_client_diff7)                                                                                                \
    X(svn_client_diff_peg7)                                                                                            \
    X(svn_client_diff_summarize2)                                                                                      \
    X(svn_client_diff_summarize_peg2)                                                                                  \
    X(svn_client_blame6)                                                                                               \
    X(svn_client_proplist4)                                                                                            \
    X(svn_client_propget5)                                                                                             \
    X(svn_client_revprop_list)                                                                                         \
    X(svn_client_revprop_get)

/// `CSVN_fn()`, the table of libsvn's functions, and `CSVN_load`, which opens libsvn_client-1.so.1 and with it
/// libsvn_subr, libsvn_ra and APR (see CLoader.h).
CLOADER_LIBRARY(CSVN, CSVN_SYMBOLS)

// Macros Swift does not import: their values, spelled here.
/// `SVN_DIRENT_KIND` and the other dirent fields `svn_client_list4` can be asked for.
enum {
    CSVN_DIRENT_KIND = SVN_DIRENT_KIND,
    CSVN_DIRENT_SIZE = SVN_DIRENT_SIZE,
    CSVN_DIRENT_CREATED_REV = SVN_DIRENT_CREATED_REV,
    CSVN_DIRENT_TIME = SVN_DIRENT_TIME,
    CSVN_DIRENT_LAST_AUTHOR = SVN_DIRENT_LAST_AUTHOR,
};
/// `SVN_INVALID_REVNUM` and `SVN_INVALID_FILESIZE`, both `-1` cast to their types.
static const svn_revnum_t CSVN_INVALID_REVNUM = SVN_INVALID_REVNUM;
static const svn_filesize_t CSVN_INVALID_FILESIZE = SVN_INVALID_FILESIZE;
/// `APR_LOCALE_CHARSET`: header text (Index: lines) in the locale's encoding, as the svn client writes it.
static const char *_Nonnull const CSVN_LOCALE_CHARSET = APR_LOCALE_CHARSET;
