/**
 * Settings
 *
 * @version 1.0.0
 */
#ifndef LFR_HEADER_CORE_CONFIG_HPP
#define LFR_HEADER_CORE_CONFIG_HPP

#include <string>
#include <cstdlib>
#include <cstdint>

namespace lifuren::config {

/**
 * Model parameters
 */
struct ModelParams {

    float       lr         { 0.001F      }; // learning rate
    size_t      batch_size { 100LL       }; // batch size
    size_t      epoch_size { 128LL       }; // epochs
    size_t      class_size { 2LL         }; // classes (classify tasks)
    int         hidden_size{ 64          }; // width of the classifier head
    bool        classify   { false       }; // classify task
    bool        check_point{ false       }; // save snapshots
    std::string model_name { "lifuren"   }; // model name
    size_t      thread_size{ 0LL         }; // threads

};

} // END OF lifuren::config

#endif // LFR_HEADER_CORE_CONFIG_HPP
